-- Teleprompter texts for voice-clone recordings, one per wizard recording step.
-- They cover the German phonemes (umlauts, ch/sch, r/l, s/z, long and short vowels).
INSERT INTO voice_training_texts (step_number, title, content, estimated_duration_minutes) VALUES
(1, 'Begrüßung', 'Guten Tag und herzlich willkommen. Mein Name ist auf dieser Aufnahme zu hören, und ich spreche ruhig, deutlich und in meinem natürlichen Tempo. Ich freue mich, dass Sie heute dabei sind.', 1),
(2, 'Der Nordwind und die Sonne', 'Einst stritten sich Nordwind und Sonne, wer von ihnen beiden wohl der Stärkere wäre, als ein Wanderer, der in einen warmen Mantel gehüllt war, des Weges daherkam.', 1),
(3, 'Zahlen und Daten', 'Am dreiundzwanzigsten März um vierzehn Uhr dreißig beginnt die Sitzung in Raum zwölf. Bitte bringen Sie die Unterlagen für das zweite Quartal und die Zahlen vom Vorjahr mit.', 1),
(4, 'Umlaute', 'Über die Brücke fährt ein Bäcker mit frischen Brötchen. Die Mühle am Fluss dreht sich, und die Möwen über dem Hafen schreien früh am Morgen.', 1),
(5, 'Fragen', 'Haben Sie heute schon gefrühstückt? Wann fährt der nächste Zug nach Hamburg? Können Sie mir bitte sagen, wo sich der Eingang zum Museum befindet?', 1),
(6, 'Ausrufe', 'Das ist ja wunderbar! Herzlichen Glückwunsch zum Geburtstag! Vorsicht, die Stufe ist rutschig! Was für ein schöner Sonnenuntergang!', 1),
(7, 'Technik', 'Die Software verarbeitet Ihre Anfrage in wenigen Sekunden. Anschließend wird die Audiodatei gespeichert und steht Ihnen im Dashboard zum Herunterladen bereit.', 1),
(8, 'Zischlaute', 'Schöne Schuhe stehen im Schaufenster. Zwischen zwei Zwetschgenbäumen sitzen zwitschernde Spatzen, und der Schornsteinfeger schaut schmunzelnd zu.', 1),
(9, 'Ch-Laute', 'Ich möchte noch ein Stück Kuchen. Acht Nächte lang wachte der Koch in der kleinen Küche, doch nichts geschah, und doch lachte er leise.', 1),
(10, 'Nachrichten', 'Wie das Statistische Bundesamt mitteilte, stiegen die Exporte im vergangenen Monat leicht an. Experten rechnen auch für das kommende Jahr mit einem moderaten Wachstum.', 1),
(11, 'Erzählung', 'Als sie die Tür öffnete, roch es nach frischem Kaffee. Draußen regnete es, doch in der Wohnung war es warm, und im Hintergrund lief leise ein altes Lied.', 1),
(12, 'Anleitung', 'Öffnen Sie zuerst die Einstellungen. Wählen Sie dann den Menüpunkt Konto und klicken Sie auf Speichern. Die Änderungen werden sofort übernommen.', 1),
(13, 'Gefühl', 'Ich bin wirklich sehr dankbar für Ihre Unterstützung. Ohne Ihre Hilfe wäre dieses Projekt nicht möglich gewesen, und darauf bin ich ehrlich stolz.', 1),
(14, 'Fremdwörter', 'Das Team präsentiert die neue Strategie im Meeting. Das Feedback der Kunden zum Design und zur Performance der Plattform war durchweg positiv.', 1),
(15, 'Verabschiedung', 'Vielen Dank für Ihre Aufmerksamkeit. Ich wünsche Ihnen einen angenehmen Tag und freue mich darauf, bald wieder von Ihnen zu hören. Auf Wiedersehen.', 1);

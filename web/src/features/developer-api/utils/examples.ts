/**
 * The example scripts of /dashboard/api/scripts. They read the key from the environment
 * (`STIMMWERK_API_KEY`), so they run as they are; the comment names the user's key by its
 * prefix, since the full key is shown only when it is made.
 */
export type ExampleInput = {
  /** The site's origin, e.g. `https://stimmwerk.example`. */
  origin: string;
  /** The key's visible prefix (`sw_3f9a1c2b7`), or null without a key. */
  keyPrefix: string | null;
  /** A voice key the user may use, e.g. `local-de-klara`. */
  voice: string;
};

export type Example = { id: string; label: string; language: string; code: string };

const keyLine = (prefix: string | null, comment: string) =>
  prefix
    ? `${comment} Ihr Schlüssel ${prefix}… (vollständig nur beim Anlegen sichtbar):`
    : `${comment} Legen Sie unter „API Settings“ einen Schlüssel an:`;

export function buildExamples({ origin, keyPrefix, voice }: ExampleInput): Example[] {
  const key = keyPrefix ? `${keyPrefix}…` : 'sw_IHR_SCHLUESSEL';
  return [
    {
      id: 'curl',
      label: 'curl',
      language: 'bash',
      code: `${keyLine(keyPrefix, '#')}
export STIMMWERK_API_KEY=${key}

# Sprache direkt als MP3 (OpenAI-kompatibel, gestreamt)
curl -sS -X POST ${origin}/v1/audio/speech \\
  -H "Authorization: Bearer $STIMMWERK_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "tts-1", "voice": "${voice}", "input": "Guten Tag aus der API!"}' \\
  --output sprache.mp3

# Oder als Auftrag: anlegen, Status abfragen, Audio laden
curl -sS -X POST ${origin}/v1/jobs \\
  -H "Authorization: Bearer $STIMMWERK_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: bestellung-42" \\
  -d '{"text": "Ihre Bestellung ist unterwegs.", "voice": "${voice}"}'
curl -sS ${origin}/v1/jobs/JOB_ID -H "Authorization: Bearer $STIMMWERK_API_KEY"
curl -sS ${origin}/v1/jobs/JOB_ID/audio -H "Authorization: Bearer $STIMMWERK_API_KEY" --output auftrag.mp3`,
    },
    {
      id: 'python-requests',
      label: 'Python (requests)',
      language: 'python',
      code: `import os, time
import requests

${keyLine(keyPrefix, '#')}
# export STIMMWERK_API_KEY=${key}
API = "${origin}/v1"
headers = {"Authorization": f"Bearer {os.environ['STIMMWERK_API_KEY']}"}

created = requests.post(f"{API}/jobs", headers=headers,
                        json={"text": "Ihre Bestellung ist unterwegs.", "voice": "${voice}"})
if not created.ok:
    # Fehler: {"error": {"code", "title", "message", "fields"}}; "message" ist deutsch.
    raise SystemExit(f"{created.status_code}: {created.json()['error']['message']}")
job = created.json()["job"]
while job["status"] in ("pending", "processing"):
    time.sleep(1)
    job = requests.get(f"{API}/jobs/{job['id']}", headers=headers).json()
audio = requests.get(f"{API}/jobs/{job['id']}/audio", headers=headers)
open("auftrag.mp3", "wb").write(audio.content)`,
    },
    {
      id: 'python-openai',
      label: 'Python (openai)',
      language: 'python',
      code: `import os
from openai import OpenAI

${keyLine(keyPrefix, '#')}
# export STIMMWERK_API_KEY=${key}
client = OpenAI(api_key=os.environ["STIMMWERK_API_KEY"], base_url="${origin}/v1")

with client.audio.speech.with_streaming_response.create(
    model="tts-1", voice="${voice}", input="Guten Tag aus der API!"
) as response:
    response.stream_to_file("sprache.mp3")`,
    },
    {
      id: 'js-fetch',
      label: 'JavaScript (fetch)',
      language: 'javascript',
      code: `${keyLine(keyPrefix, '//')}
// export STIMMWERK_API_KEY=${key}
const response = await fetch('${origin}/v1/audio/speech', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.STIMMWERK_API_KEY}\`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ model: 'tts-1', voice: '${voice}', input: 'Guten Tag aus der API!' }),
});
// Fehler kommen hier wie bei OpenAI: {"error": {"message", "type", "param", "code"}}.
if (!response.ok) throw new Error((await response.json()).error.message);
await import('node:fs/promises').then((fs) => fs.writeFile('sprache.mp3', Buffer.from(await response.arrayBuffer())));`,
    },
    {
      id: 'js-openai',
      label: 'JavaScript (openai)',
      language: 'javascript',
      code: `import fs from 'node:fs/promises';
import OpenAI from 'openai';

${keyLine(keyPrefix, '//')}
// export STIMMWERK_API_KEY=${key}
const openai = new OpenAI({ apiKey: process.env.STIMMWERK_API_KEY, baseURL: '${origin}/v1' });

const speech = await openai.audio.speech.create({ model: 'tts-1', voice: '${voice}', input: 'Guten Tag aus der API!' });
await fs.writeFile('sprache.mp3', Buffer.from(await speech.arrayBuffer()));`,
    },
  ];
}

import { describe, expect, it } from 'vitest';
import { audioFileName, subtitleFileName } from './filename';

describe('audioFileName', () => {
  it('uses the first 30 characters with non-alphanumerics replaced by underscores', () => {
    expect(audioFileName('Hallo Welt! Wie geht es dir heute? Gut.')).toBe('Hallo_Welt__Wie_geht_es_dir_he.mp3');
  });

  it('keeps short texts whole', () => {
    expect(audioFileName('Test123')).toBe('Test123.mp3');
  });

  it('replaces umlauts, punctuation and line breaks', () => {
    expect(audioFileName('Grüße aus Köln.\nTschüss')).toBe('Gr__e_aus_K_ln__Tsch_ss.mp3');
  });

  it('never produces a path or an empty name', () => {
    expect(audioFileName('../../etc/passwd')).toBe('______etc_passwd.mp3');
    expect(audioFileName('')).toBe('audio.mp3');
  });

  it('names an export with its format’s extension, as the server does', () => {
    expect(audioFileName('Rügen – M4B-Hörbuch', 'm4b')).toBe('R_gen___M4B_H_rbuch.m4b');
  });

  it('counts characters, not UTF-16 units', () => {
    const name = audioFileName(`${'🙂'.repeat(29)}ab`);
    expect(name).toBe(`${'_'.repeat(29)}a.mp3`);
  });
});

describe('subtitleFileName', () => {
  it('names subtitles like their audio, with the format’s extension', () => {
    expect(subtitleFileName(audioFileName('Hallo Welt.'), 'srt')).toBe('Hallo_Welt_.srt');
    expect(subtitleFileName('Kapitel_1.mp3', 'vtt')).toBe('Kapitel_1.vtt');
    expect(subtitleFileName('ohne_endung', 'srt')).toBe('ohne_endung.srt');
  });
});

import { describe, expect, it } from 'vitest';
import { audioFileName, subtitleFileName } from './filename';

describe('audioFileName', () => {
  it('keeps the first 30 characters of the first line as written', () => {
    expect(audioFileName('Hallo Welt! Wie geht es dir heute? Gut.')).toBe('Hallo Welt! Wie geht es dir he.mp3');
    expect(audioFileName('Grüße aus Köln.\nTschüss')).toBe('Grüße aus Köln.mp3');
  });

  it('keeps short texts whole', () => {
    expect(audioFileName('Test123')).toBe('Test123.mp3');
  });

  it('never produces a path, an invisible character or an empty name', () => {
    expect(audioFileName('../../etc/passwd')).toBe('etc-passwd.mp3');
    expect(audioFileName('a\u202Eb\u0000c   d')).toBe('abc d.mp3');
    expect(audioFileName('')).toBe('audio.mp3');
    expect(audioFileName(' ... ')).toBe('audio.mp3');
  });

  it('names an export with its format’s extension, as the server does', () => {
    expect(audioFileName('Rügen – M4B-Hörbuch', 'm4b')).toBe('Rügen – M4B-Hörbuch.m4b');
    expect(audioFileName('Kapitel 1: Der/Anfang', 'srt')).toBe('Kapitel 1- Der-Anfang.srt');
  });

  it('counts characters, not UTF-16 units', () => {
    const name = audioFileName(`${'🙂'.repeat(29)}ab`);
    expect(name).toBe(`${'🙂'.repeat(29)}a.mp3`);
  });
});

describe('subtitleFileName', () => {
  it('names subtitles like their audio, with the format’s extension', () => {
    expect(subtitleFileName(audioFileName('Hallo Welt.'), 'srt')).toBe('Hallo Welt.srt');
    expect(subtitleFileName('Kapitel_1.mp3', 'vtt')).toBe('Kapitel_1.vtt');
    expect(subtitleFileName('ohne_endung', 'srt')).toBe('ohne_endung.srt');
  });
});

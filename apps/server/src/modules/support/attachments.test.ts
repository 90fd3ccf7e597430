import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { acceptFile, cleanFileName, sniffType } from './attachments.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('attachment types, from the bytes', () => {
  it('knows images and PDF by their magic numbers, whatever the name', () => {
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a\u0001\u0000'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(Buffer.from('%PDF-1.4\n'))).toBe('application/pdf');
    expect(acceptFile('photo.png', Buffer.from('%PDF-1.7\n')).contentType).toBe('application/pdf');
  });

  it('takes UTF-8 text without NUL as text, and nothing else', () => {
    expect(sniffType(Buffer.from('kubelet: node “gpu-1” not ready ✓\n'))).toBe('text/plain');
    expect(sniffType(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1))).toBeNull(); // ELF
    expect(sniffType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull(); // MZ (.exe)
    expect(sniffType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull(); // zip
    expect(sniffType(bytes(0xc3, 0x28))).toBeNull(); // invalid UTF-8
    expect(sniffType(Buffer.from('text\u0000with a NUL'))).toBeNull();
  });

  it('refuses with a 400 that names the file and says why', () => {
    const refusal = (() => {
      try {
        acceptFile('setup.exe', bytes(0x4d, 0x5a, 0x90, 0x00));
      } catch (error) {
        return error as HttpError;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal!.statusCode).toBe(400);
    expect(refusal!.message).toMatch(/^setup\.exe: not an image/);
    expect(() => acceptFile('empty.txt', Buffer.alloc(0))).toThrow('empty.txt: the file is empty');
  });

  it('keeps a file name safe for a header: no path, no control characters, no quotes', () => {
    expect(cleanFileName('C:\\Users\\me\\"evil"\r\nname.log')).toBe('evilname.log');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('')).toBe('attachment');
  });
});

import { describe, expect, it } from 'vitest';
import { counted, filled, tr } from '../../src/i18n/lang.js';
import { SERVE_STRINGS } from '../../src/i18n/serve-strings.js';
import { STRINGS } from '../../src/i18n/strings.js';

describe('tr, the one accessor for bilingual text', () => {
  const text = { en: 'step {k} of {n}', zh: '第 {k} 步，共 {n} 步' };

  it('picks the language; without values the text is as written, placeholders included', () => {
    expect(tr(text, 'en')).toBe('step {k} of {n}');
    expect(tr(text, 'zh')).toBe('第 {k} 步，共 {n} 步');
  });

  it('fills placeholders from strings, numbers and bilingual values; a missing one stays', () => {
    expect(tr(text, 'en', { k: 2, n: '5' })).toBe('step 2 of 5');
    expect(tr(text, 'zh', { k: 2 })).toBe('第 2 步，共 {n} 步');
    const side = { en: 'server', zh: '服务器' };
    expect(tr(STRINGS.closedBy, 'en', { side })).toBe('the server closes the transport');
    expect(tr(STRINGS.closedBy, 'zh', { side })).toBe('服务器关闭了传输');
  });

  it('inserts a value as is: no replacement patterns, no second round of placeholders', () => {
    expect(tr(text, 'en', { k: '$&', n: '{k}' })).toBe('step $& of {k}');
    expect(tr({ en: '{toString}', zh: '{toString}' }, 'en', {})).toBe('{toString}');
  });

  it('filled gives both languages of one line, each as tr gives it', () => {
    const values = { id: 'abc', line: { en: 'hello', zh: '你好' } };
    expect(filled(SERVE_STRINGS.sessionSays, values)).toEqual({
      en: tr(SERVE_STRINGS.sessionSays, 'en', values),
      zh: tr(SERVE_STRINGS.sessionSays, 'zh', values),
    });
  });
});

describe('counted: English counts agree with their number', () => {
  it('one is singular, any other number plural; an irregular plural is given', () => {
    expect(counted(1, 'line')).toBe('1 line');
    expect(counted(0, 'line')).toBe('0 lines');
    expect(counted(2, 'broken rule')).toBe('2 broken rules');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
});

describe('no "(s)" in English text a learner reads', () => {
  it('every table and template under src/ counts with counted(), not "line(s)"', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../src');
    const files = (await readdir(root, { recursive: true })).filter((f) => /\.tsx?$/.test(f));
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        // A noun directly followed by "(s)": `notification(s)`, `item(s)`; not a call such as
        // `includes(s)` (a known noun list, so code is never taken for text).
        if (
          /(?<![.\w])(line|item|notification|violation|rule|message|envelope|file|step|error|warning|request|tool|test|exercise|byte|point|round|event|call)\(s\)/.test(
            line,
          )
        ) {
          offenders.push(`${file}:${i + 1}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});

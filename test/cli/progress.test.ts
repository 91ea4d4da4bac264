import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadProgress, saveProgress } from '../../src/cli/progress.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(text: string | null): { progress: unknown; warnings: string[] } {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  if (text !== null) writeFileSync(file, text);
  const warnings: string[] = [];
  return { progress: loadProgress(file, (line) => warnings.push(line)), warnings };
}

describe('.mcp-sim/progress.json', () => {
  it('starts fresh, silently, when there is no file', () => {
    expect(load(null)).toEqual({ progress: { lessons: {}, exercises: {} }, warnings: [] });
  });

  it('reads a valid file back as saved', () => {
    const file = join(dir, 'sub', 'progress.json');
    const saved = {
      lang: 'zh' as const,
      lessons: { 'first-session': { finished: true, lastStep: 9 } },
      exercises: { progress: { passed: false, points: 3, maxPoints: 10 } },
    };
    saveProgress(saved, file);
    expect(loadProgress(file, () => {})).toEqual(saved);
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
  });

  it('reports a corrupt file in one line with the JSON pointer, and starts fresh', () => {
    const bad = load('{"lessons":{"a":{"finished":true,"lastStep":-1}}}');
    expect(bad.progress).toEqual({ lessons: {}, exercises: {} });
    expect(bad.warnings).toHaveLength(1);
    expect(bad.warnings[0]).toMatch(
      /: \/lessons\/a\/lastStep .*>=\s?0.*; starting fresh \(kept as .*\.json\.bad\)$/,
    );
    const wrongType = load('{"lang":"fr"}');
    expect(wrongType.warnings[0]).toMatch(/: \/lang .*"en".*; starting fresh/);
  });

  it('moves a corrupt file aside, so it is reported once and nothing in it is lost', () => {
    const file = join(dir, 'aside', 'progress.json');
    mkdirSync(join(dir, 'aside'));
    writeFileSync(file, '{garbage');
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    expect(loadProgress(file, warn)).toEqual({ lessons: {}, exercises: {} });
    expect(loadProgress(file, warn)).toEqual({ lessons: {}, exercises: {} });
    expect(warnings).toHaveLength(1);
    expect(readFileSync(`${file}.bad`, 'utf8')).toBe('{garbage');
  });

  it('reports text that is not JSON in one line, and starts fresh', () => {
    const bad = load('{"lessons": ');
    expect(bad.progress).toEqual({ lessons: {}, exercises: {} });
    expect(bad.warnings).toHaveLength(1);
    expect(bad.warnings[0]).toMatch(/not valid JSON .*; starting fresh/);
    expect(bad.warnings[0]).not.toContain('\n');
  });

  it('never throws when the folder cannot be written: one line on stderr instead', () => {
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked', 'file'), 'x');
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    try {
      saveProgress({ lessons: {}, exercises: {} }, join(dir, 'blocked', 'file', 'p.json'));
      expect(stderr).toHaveBeenCalledTimes(1);
      expect(String(stderr.mock.calls[0]?.[0])).toMatch(/^mcp-sim: could not save .*p\.json: /);
    } finally {
      stderr.mockRestore();
    }
  });
});

import type { Bilingual } from '../../i18n/lang.js';
import type { JsonObject } from '../../protocol/index.js';

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const bi = (en: string, zh: string): Bilingual => ({ en, zh });

export const OK = bi('passed', '通过');

/** A small seeded random number generator (mulberry32): generated inputs are repeatable. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    word: () =>
      Math.floor(next() * 36 ** 5)
        .toString(36)
        .padStart(5, '0'),
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}
export type Random = ReturnType<typeof random>;

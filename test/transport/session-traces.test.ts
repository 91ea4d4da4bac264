import { describe, expect, it } from 'vitest';
import { sessionTracePath } from '../../src/transport/session-traces.js';

describe('one transcript file per HTTP session', () => {
  it('keeps the first in the file named, numbers later ones before the extension', () => {
    expect(sessionTracePath('talk.jsonl', 1)).toBe('talk.jsonl');
    expect(sessionTracePath('talk.jsonl', 2)).toBe('talk.2.jsonl');
    expect(sessionTracePath('out/a.b.jsonl', 3)).toBe('out/a.b.3.jsonl');
    expect(sessionTracePath('talk', 2)).toBe('talk.2');
  });
});

describe('the transcript of the bodies POSTed outside any session', () => {
  it('is named apart, so the first session keeps the file named', async () => {
    const { unreadTracePath } = await import('../../src/transport/session-traces.js');
    expect(unreadTracePath('talk.jsonl', 1)).toBe('talk.unread.jsonl');
    expect(unreadTracePath('talk.jsonl', 2)).toBe('talk.unread.2.jsonl');
    expect(unreadTracePath('out/a.b.jsonl', 1)).toBe('out/a.b.unread.jsonl');
    expect(unreadTracePath('talk', 1)).toBe('talk.unread');
  });
});

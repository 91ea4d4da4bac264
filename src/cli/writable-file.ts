import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import type { Bilingual } from '../i18n/lang.js';
import { ownTable } from '../protocol/json.js';
import { reasonOf } from './fs-reason.js';

/** The common reasons a file cannot be written, said for a learner rather than as errno. */
const REASONS: Readonly<Record<string, Bilingual>> = ownTable({
  ENOENT: { en: 'its folder does not exist', zh: '它所在的文件夹不存在' },
  ENOTDIR: { en: 'a part of its path is not a folder', zh: '它的路径中有一部分不是文件夹' },
  EISDIR: { en: 'it is a folder', zh: '它是一个文件夹' },
  EACCES: { en: 'permission denied', zh: '没有写入权限' },
  EPERM: { en: 'permission denied', zh: '没有写入权限' },
  EROFS: { en: 'the file system is read-only', zh: '文件系统是只读的' },
});

/**
 * Why `file` cannot be written, or null when it can. It is tried for real (opened to append, so an
 * existing file keeps its content; a file this check created is removed again): an access() check
 * says yes to root for any path and knows nothing of a folder named as the file.
 */
export function cannotWrite(file: string): Bilingual | null {
  let existed = true;
  try {
    statSync(file);
  } catch {
    existed = false;
  }
  try {
    closeSync(openSync(file, 'a'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code];
    if (reason) return reason;
    const why = reasonOf(error);
    return { en: why, zh: why };
  }
  if (!existed) rmSync(file, { force: true });
  return null;
}

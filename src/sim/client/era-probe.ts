import { isObject, isRecognisedModernError, type JsonObject } from '../../protocol/index.js';

/**
 * How a client finds the server's era (2026-07-28/basic/versioning › Backward Compatibility with
 * Initialization-Based Versions): `legacy` opens with initialize; `auto` probes with
 * server/discover and falls back to initialize; `modern` probes and has no fallback. (A pinned
 * handshake revision is `legacy` with that version.)
 */
export type EraMode = 'auto' | 'legacy' | 'modern';

/** What came back to a server/discover probe. */
export type ProbeAnswer =
  | { readonly kind: 'answer'; readonly message: JsonObject }
  /** No answer within the probe's time limit. */
  | { readonly kind: 'timeout' };

/** What the client concludes from one probe answer. */
export type ProbeVerdict =
  /** A DiscoverResult listing the version it tried: a modern session in that version. */
  | { readonly kind: 'modern'; readonly version: string }
  /** Probe again with this version (one both support), once. */
  | { readonly kind: 'retry'; readonly version: string }
  /** Not a modern server: `auto` sends initialize. */
  | {
      readonly kind: 'legacy';
      readonly why:
        | { readonly kind: 'timeout' }
        | { readonly kind: 'error'; readonly error: JsonObject }
        | { readonly kind: 'not-discover' };
    }
  /** No session: `modern` found no modern answer, or a modern server shares no version. */
  | {
      readonly kind: 'failed';
      readonly why:
        | {
            readonly kind: 'no-modern-answer';
            readonly answer: 'timeout' | 'error' | 'not-discover';
            readonly error?: JsonObject;
          }
        | {
            readonly kind: 'no-mutual-version';
            readonly error?: JsonObject;
            readonly supported: readonly string[];
          };
    };

/**
 * One step of the dual-era probe (basic/transports/stdio › Backward Compatibility): a DiscoverResult
 * means modern; a recognised modern error (−32020…−32022) means modern too (−32022 naming a version
 * both support: probe once more with it, never fall back); any other error, a result that is not a
 * DiscoverResult, or no answer means legacy — the fallback is never keyed to one error code, since
 * legacy servers answer with implementation-defined errors or not at all.
 */
export function judgeProbe(
  answer: ProbeAnswer,
  context: {
    readonly mode: Exclude<EraMode, 'legacy'>;
    /** The version this probe named. */
    readonly tried: string;
    /** The modern versions the client speaks, oldest first. */
    readonly versions: readonly string[];
    /** 1 for the first probe; a retry is allowed only after it. */
    readonly attempt: number;
  },
): ProbeVerdict {
  const { mode, tried, versions, attempt } = context;
  const mutualWith = (offered: readonly unknown[]) =>
    versions.filter((v) => offered.includes(v)).at(-1);
  const legacyOr = (why: Extract<ProbeVerdict, { kind: 'legacy' }>['why']): ProbeVerdict =>
    mode === 'auto'
      ? { kind: 'legacy', why }
      : {
          kind: 'failed',
          why: {
            kind: 'no-modern-answer',
            answer: why.kind,
            ...(why.kind === 'error' ? { error: why.error } : {}),
          },
        };
  if (answer.kind === 'timeout') return legacyOr({ kind: 'timeout' });
  const { message } = answer;
  if (isObject(message.error)) {
    const error = message.error;
    const code = typeof error.code === 'number' ? error.code : Number.NaN;
    if (!isRecognisedModernError(code)) return legacyOr({ kind: 'error', error });
    const data = isObject(error.data) ? error.data : {};
    const supported = Array.isArray(data.supported)
      ? data.supported.filter((v): v is string => typeof v === 'string')
      : [];
    const mutual = mutualWith(supported);
    if (code === -32022 && mutual !== undefined && mutual !== tried && attempt === 1) {
      return { kind: 'retry', version: mutual };
    }
    return { kind: 'failed', why: { kind: 'no-mutual-version', error, supported } };
  }
  const result = isObject(message.result) ? message.result : null;
  const offered =
    result && Array.isArray(result.supportedVersions) ? result.supportedVersions : null;
  if (!offered) return legacyOr({ kind: 'not-discover' });
  if (offered.includes(tried)) return { kind: 'modern', version: tried };
  // 2026-07-28 basic/transports/stdio › Backward Compatibility: a DiscoverResult means the server
  // is modern; "select a mutually supported version from supportedVersions and continue". The
  // next request names it: nothing to probe again.
  const mutual = mutualWith(offered);
  if (mutual !== undefined) return { kind: 'modern', version: mutual };
  return {
    kind: 'failed',
    why: {
      kind: 'no-mutual-version',
      supported: offered.filter((v): v is string => typeof v === 'string'),
    },
  };
}

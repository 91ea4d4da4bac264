import type { Bilingual } from './catalogue.js';

export type ErrorCodeEntry = {
  readonly name: string;
  readonly origin: 'json-rpc' | 'mcp' | 'sdk';
  readonly meaning: Bilingual;
};

/** Error codes a learner meets on the wire, with where they come from. */
export const ERROR_CODES = {
  '-32700': {
    name: 'Parse error',
    origin: 'json-rpc',
    meaning: {
      en: 'The receiver could not parse the text as JSON; the id may be missing because it could not be read.',
      zh: '接收方无法把文本解析为 JSON；由于读不出 id，响应中可以没有 id。',
    },
  },
  '-32600': {
    name: 'Invalid Request',
    origin: 'json-rpc',
    meaning: {
      en: 'The JSON is not a valid JSON-RPC request object (for example a batch array since 2025-06-18).',
      zh: 'JSON 不是有效的 JSON-RPC 请求对象（例如 2025-06-18 之后的批量数组）。',
    },
  },
  '-32601': {
    name: 'Method not found',
    origin: 'json-rpc',
    meaning: {
      en: 'The receiver does not know or does not offer this method (also: a capability it did not declare).',
      zh: '接收方不认识或不提供该方法（也用于未声明的能力）。',
    },
  },
  '-32602': {
    name: 'Invalid params',
    origin: 'json-rpc',
    meaning: {
      en: 'The params are wrong: an unknown tool or prompt, a missing argument, a bad cursor or log level.',
      zh: '参数有误：未知的工具或提示词、缺少参数、无效的游标或日志级别等。',
    },
  },
  '-32603': {
    name: 'Internal error',
    origin: 'json-rpc',
    meaning: {
      en: 'Something failed inside the receiver while handling a valid request.',
      zh: '接收方在处理一个有效请求时内部出错。',
    },
  },
  '-32002': {
    name: 'Resource not found',
    origin: 'mcp',
    meaning: {
      en: 'resources/read named a URI the server does not have (2026-07-28 uses -32602 instead).',
      zh: 'resources/read 请求的 URI 在服务器上不存在（2026-07-28 改用 -32602）。',
    },
  },
  '-32042': {
    name: 'URL elicitation required',
    origin: 'mcp',
    meaning: {
      en: 'The request can only go on after the user completes a URL-mode elicitation (2025-11-25).',
      zh: '只有在用户完成 URL 模式的信息征询后请求才能继续（2025-11-25）。',
    },
  },
  '-1': {
    name: 'User rejected sampling',
    origin: 'mcp',
    meaning: {
      en: 'The user declined the server’s sampling request.',
      zh: '用户拒绝了服务器的采样请求。',
    },
  },
  '-32001': {
    name: 'Request timeout (SDK)',
    origin: 'sdk',
    meaning: {
      en: 'Not a spec code: the TypeScript SDK uses it locally for a timed-out or aborted request.',
      zh: '不是规范定义的代码：TypeScript SDK 在本地用它表示请求超时或被中止。',
    },
  },
  '-32000': {
    name: 'Connection closed (SDK)',
    origin: 'sdk',
    meaning: {
      en: 'Not a spec code: the TypeScript SDK uses it for a closed connection or an uninitialised server.',
      zh: '不是规范定义的代码：TypeScript SDK 用它表示连接已关闭或服务器尚未初始化。',
    },
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export function describeErrorCode(code: number): ErrorCodeEntry {
  const known = (ERROR_CODES as Record<string, ErrorCodeEntry>)[String(code)];
  if (known) return known;
  if (code >= -32099 && code <= -32000) {
    return {
      name: 'Server error',
      origin: 'json-rpc',
      meaning: {
        en: 'An implementation-defined server error (JSON-RPC reserves -32000 to -32099 for these).',
        zh: '由实现自行定义的服务器错误（JSON-RPC 为此保留 -32000 到 -32099）。',
      },
    };
  }
  return {
    name: 'Application error',
    origin: 'mcp',
    meaning: {
      en: 'A code outside the reserved ranges, chosen by the application.',
      zh: '保留范围之外、由应用自行选择的错误代码。',
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** A header's first value. */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function jsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  // Transports › HTTP: an error body MAY be a JSON-RPC error with no id.
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message } }));
}

/** The body as text, or null when it is larger than `max` bytes (read to the end either way). */
export function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Transports › Security: the Host and Origin checks against DNS rebinding. Only this machine's
 * names (and the `--host` address) on the port actually bound are let through; a request without
 * Origin is not from a browser and passes that check.
 */
export function localChecks(host: string, port: () => number) {
  const allowedNames = new Set([...LOOPBACK, host.toLowerCase()]);
  return {
    hostAllowed(req: IncomingMessage): boolean {
      const value = header(req, 'host');
      if (!value) return false;
      const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.toLowerCase());
      if (!match) return false;
      return (
        allowedNames.has(match[1] ?? '') && (match[2] === undefined || Number(match[2]) === port())
      );
    },
    originAllowed(req: IncomingMessage): boolean {
      const origin = header(req, 'origin');
      if (origin === undefined) return true;
      try {
        return allowedNames.has(new URL(origin).hostname.toLowerCase());
      } catch {
        return false;
      }
    },
  };
}

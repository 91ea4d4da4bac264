import type { Side } from './capabilities.js';

export const DIRECTIONS = ['client->server', 'server->client'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export function isDirection(value: unknown): value is Direction {
  return value === 'client->server' || value === 'server->client';
}

export function senderOf(direction: Direction): Side {
  return direction === 'client->server' ? 'client' : 'server';
}

export function receiverOf(direction: Direction): Side {
  return direction === 'client->server' ? 'server' : 'client';
}

export function opposite(direction: Direction): Direction {
  return direction === 'client->server' ? 'server->client' : 'client->server';
}

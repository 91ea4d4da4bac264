import { classify, isRequestId, type RequestId } from '../../protocol/index.js';

type Message = Record<string, unknown>;

/**
 * A JSON-RPC batch being answered: the ids of its requests whose answers are still to come, how
 * many of its invalid members without an id still wait for their -32600, and the answers so far.
 */
type OpenBatch = {
  readonly waiting: Set<RequestId>;
  unnamed: number;
  readonly answers: Message[];
};

/**
 * How a server answers JSON-RPC batches (2025-03-26 basic/index › Batching: it MUST accept them):
 * it takes the messages in turn, and the answers to the batch's requests go out together, as one
 * array, once all of them are ready (JSON-RPC 2.0 › Batch). Whatever else the server sends
 * meanwhile (progress, its own requests) goes out on its own. A request the client cancels gets no
 * answer (basic/utilities/cancellation), so the batch stops waiting for it; a batch of
 * notifications only has no answer at all.
 */
export class BatchAnswers {
  readonly #open: OpenBatch[] = [];

  /** A batch came in: the answers of its requests (and of its invalid members) are awaited. */
  open(items: readonly unknown[]): void {
    const batch: OpenBatch = { waiting: new Set(), unnamed: 0, answers: [] };
    for (const item of items) {
      const envelope = classify(item);
      if (envelope.kind === 'request') batch.waiting.add(envelope.id);
      // An invalid member gets its own -32600 in the batch's answer, by its id when it has one.
      else if (envelope.kind === 'invalid') {
        if (envelope.id !== undefined && envelope.id !== null) batch.waiting.add(envelope.id);
        else batch.unnamed += 1;
      }
    }
    if (batch.waiting.size + batch.unnamed > 0) this.#open.push(batch);
  }

  /**
   * A message about to go out: `undefined` when it answers no member of an open batch (it goes out
   * as it is), `null` when it is kept for its batch's answer, or that answer (every answer of the
   * batch) when it was the last one awaited.
   */
  take(message: Message): readonly Message[] | null | undefined {
    if (this.#open.length === 0 || !('result' in message || 'error' in message)) return undefined;
    const id = message.id;
    const named = isRequestId(id);
    const batch = this.#open.find((b) =>
      named ? b.waiting.has(id) : id === undefined || id === null ? b.unnamed > 0 : false,
    );
    if (!batch) return undefined;
    if (named) batch.waiting.delete(id);
    else batch.unnamed -= 1;
    batch.answers.push(message);
    return this.#complete(batch) ?? null;
  }

  /**
   * The request `id` was cancelled, and its answer will not come: the answer of a batch that waited
   * only for it, when there is one (null otherwise).
   */
  forget(id: RequestId): readonly Message[] | null {
    const batch = this.#open.find((b) => b.waiting.has(id));
    if (!batch) return null;
    batch.waiting.delete(id);
    return this.#complete(batch);
  }

  /** The batch's answers, once nothing more is awaited (the batch is closed then); else null. */
  #complete(batch: OpenBatch): readonly Message[] | null {
    if (batch.waiting.size > 0 || batch.unnamed > 0) return null;
    this.#open.splice(this.#open.indexOf(batch), 1);
    return batch.answers.length > 0 ? batch.answers : null;
  }
}

import { PassThrough, pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_UPLOAD_FILE_SIZE_BYTES,
  PGP_ARMOUR_HEADER,
  endsArmoured,
  emptyFileProblem,
  fileTooBigProblem,
  notArmouredProblem,
  notUtf8Problem,
  startsArmoured,
  type UploadProblem,
  MEGABYTE,
} from '@portal/resources';
import { ApiError } from '../transport/errors.js';
import { FileTooBigError, type FileStorage } from '../storage/file-storage.js';
import { MAX_XML_BYTES, parseXml, xmlInvalid, XmlRefusedError, type XmlDocument } from './xml.js';

/**
 * Uploads stream their raw bytes straight to the file storage, one chunk held at a time, and a refused one leaves
 * nothing stored. The answers for each refusal: server README, "Uploads".
 */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_FILE_SIZE_BYTES;

export type UploadInspection = 'xml' | 'encrypted';

export interface ReceiveUploadOptions {
  /** Largest accepted body in bytes (inclusive); MAX_UPLOAD_BYTES for the spec's uploads. */
  maxBytes: number;
  inspect?: UploadInspection;
  /** The file name the errors name; by default the `name` query parameter. */
  name?: string;
  /**
   * Further checks of the stored upload (an XML's validation entries, …). When one throws, the stored object is
   * deleted again before the error goes on, so nothing of a refused upload remains.
   */
  check?: (upload: ReceivedUpload) => void | Promise<void>;
}

export interface ReceivedUpload {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The parsed document, with `inspect: 'xml'`. */
  xml?: XmlDocument;
}

/**
 * The parsed body of an upload route: the request stream, unread. Held in a private field so hooks that walk a
 * body's values (the NUL-character check of transport/security.ts) see an empty object, not the socket and server
 * behind the stream.
 */
class StreamedUploadBody {
  readonly #stream: Readable;

  constructor(stream: Readable) {
    this.#stream = stream;
  }

  get stream(): Readable {
    return this.#stream;
  }
}

/**
 * Lets the routes of the calling plugin (and its children) take `application/octet-stream` bodies as streams for
 * `receiveUpload`; other plugins are not affected. Call it once in the plugin that registers upload routes.
 */
export function acceptStreamedUploads(app: FastifyInstance): void {
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
    // Not read here: receiveUpload streams it to the storage.
    done(null, new StreamedUploadBody(payload));
  });
}

const refusal = (status: number, code: Parameters<typeof ApiError.of>[1], message: string, name: string) =>
  ApiError.of(status, code, message, name ? [name] : []);

/** A problem of the upload rules (@portal/resources) as the API answers it. */
const refused = (problem: UploadProblem, name: string) =>
  refusal(problem.status, problem.errorCode, problem.message, name);
const tooBig = (maxBytes: number, name: string) => refused(fileTooBigProblem(maxBytes), name);
const empty = (name: string) => refused(emptyFileProblem(), name);

/** Refuses a body of no bytes at all when it ends; wraps the content checks. */
class UploadInspector extends Transform {
  private bytes = 0;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private head = '';
  private tail = '';
  private headChecked = false;
  private readonly xmlChunks: Buffer[] = [];
  xml: XmlDocument | undefined;

  constructor(
    private readonly inspect: UploadInspection | undefined,
    private readonly name: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    try {
      if (this.inspect === 'encrypted') this.readText(chunk, false);
      if (this.inspect === 'xml') {
        if (this.bytes > MAX_XML_BYTES) throw tooBig(MAX_XML_BYTES, this.name);
        this.xmlChunks.push(chunk);
      }
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (this.bytes === 0) throw empty(this.name);
      if (this.inspect === 'encrypted') {
        this.readText(Buffer.alloc(0), true);
        if (!this.headChecked) this.checkHead();
        if (!endsArmoured(this.tail)) throw this.notEncrypted();
      }
      if (this.inspect === 'xml') {
        try {
          this.xml = parseXml(Buffer.concat(this.xmlChunks));
        } catch (error) {
          if (error instanceof XmlRefusedError) throw xmlInvalid(this.name, error.message);
          throw error;
        }
        this.xmlChunks.length = 0;
      }
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback();
  }

  private notEncrypted() {
    return refused(notArmouredProblem(), this.name);
  }

  /** Decodes strictly as UTF-8, keeping the start (for the armour header) and the last characters (its footer). */
  private readText(chunk: Buffer, end: boolean): void {
    let text: string;
    try {
      text = this.utf8.decode(chunk, { stream: !end });
    } catch {
      throw refused(notUtf8Problem(), this.name);
    }
    if (!this.headChecked) {
      this.head += text;
      if (this.head.trimStart().replace(/^\uFEFF/, '').length >= PGP_ARMOUR_HEADER.length) this.checkHead();
    }
    this.tail = (this.tail + text).slice(-256);
  }

  private checkHead(): void {
    this.headChecked = true;
    if (!startsArmoured(this.head)) throw this.notEncrypted();
    this.head = '';
  }
}

/** The body as a stream: the parser's, or the raw request when no body was parsed (none was sent). */
function bodyOf(request: FastifyRequest, name: string): Readable {
  const body = request.body as unknown;
  if (body === undefined || body === null) return request.raw;
  if (body instanceof StreamedUploadBody) return body.stream;
  throw refusal(415, 'unsupported_media_type', 'Send the file as its bytes, application/octet-stream.', name);
}

/** Past this much of a refused body, the connection is closed rather than read to its end. */
const DISCARD_LIMIT = MEGABYTE;

/**
 * Reads and drops what the client still sends after a refusal, so it gets the answer and the connection can serve
 * the next request; a client that keeps sending more than DISCARD_LIMIT after that loses the connection instead.
 */
function discardRest(source: Readable): void {
  if (source.readableEnded || source.destroyed) return;
  let dropped = 0;
  // The client may break off now; nobody is reading for an answer any more.
  source.on('error', () => undefined);
  const drop = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= DISCARD_LIMIT) return;
    source.off('data', drop);
    // The connection itself goes (an HTTP request's socket); a source without one (an injected request) is ended.
    const socket = (source as Readable & { socket?: { destroy?: unknown } }).socket;
    if (typeof socket?.destroy === 'function') (socket as { destroy(): void }).destroy();
    else source.destroy();
  };
  source.on('data', drop);
  source.resume();
}

const isBrokenOff = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED';
};

/**
 * Streams the request body to `storage` under `key` (see the top of this file for the answers). On success the
 * object is stored, hashed and, as asked, inspected; on any refusal nothing is left under the key.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  key: string,
  options: ReceiveUploadOptions,
): Promise<ReceivedUpload> {
  const name = options.name ?? String((request.query as { name?: unknown } | undefined)?.name ?? '');
  const source = bodyOf(request, name);
  if (request.headers['content-length'] === '0') throw empty(name);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    discardRest(source);
    throw tooBig(options.maxBytes, name);
  }

  // The request is not handed to the storage's pipeline itself: a failed pipeline destroys its source, and a
  // destroyed request takes the socket, and so the error answer, with it.
  const body = new PassThrough();
  const onSourceError = (error: Error) => body.destroy(error);
  const onAborted = () => body.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  source.on('error', onSourceError);
  source.on('aborted', onAborted);
  source.pipe(body);
  const inspector = new UploadInspector(options.inspect, name);
  // pipeline (unlike pipe) passes a broken-off body on to the inspector, and so to the storage.
  pipeline(body, inspector, () => undefined);

  let stored;
  try {
    stored = await storage.putStream(key, inspector, { maxBytes: options.maxBytes });
  } catch (error) {
    source.unpipe(body);
    discardRest(source);
    if (error instanceof ApiError) throw error;
    if (error instanceof FileTooBigError) throw tooBig(options.maxBytes, name);
    if (isBrokenOff(error)) {
      throw refusal(400, 'file_not_uploaded', 'The upload broke off before the file was complete.', name);
    }
    throw error;
  } finally {
    source.off('error', onSourceError);
    source.off('aborted', onAborted);
  }
  const upload: ReceivedUpload = { ...stored, ...(inspector.xml ? { xml: inspector.xml } : {}) };
  if (options.check) {
    try {
      await options.check(upload);
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }
  return upload;
}

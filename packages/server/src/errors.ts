/** Typed errors thrown by services; the error handler maps them to `{ message }` with their status. */
export class HttpError extends Error {
  /** A sentence under the message that says what to do (the answer's `detail`). */
  detail?: string;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string, detail?: string) {
    super(400, message);
    if (detail) this.detail = detail;
  }
}
export class Unauthorized extends HttpError {
  constructor(message = "Invalid or expired token") {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = "Invalid Access") {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class Unprocessable extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number, message = "Too many requests. Please try again later.") {
    super(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class NotImplemented extends HttpError {
  constructor() {
    super(501, "Not implemented");
  }
}

/** The errors a channel driver throws (the drivers and their callers import them from here). */

/** The provider refused the message for good (no retry): the message is marked failed with this reason. */
export class ChannelRejected extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ChannelRejected";
  }
}

/** Credentials the provider did not accept when checked before saving. */
export class InvalidChannelCredentials extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidChannelCredentials";
  }
}

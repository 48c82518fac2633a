/**
 * A send the provider did not take now but may take later (the queue retries the job): `throttled` when the
 * provider asked us to slow down (rate limits), otherwise it failed on its side (5xx). Every connector's retry
 * error is one, so the last try can say why the message was not sent.
 */
export class ProviderRetry extends Error {
  constructor(
    message: string,
    readonly throttled: boolean,
  ) {
    super(message);
    this.name = "ProviderRetry";
  }
}

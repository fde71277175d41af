import { TestEnvironment } from 'jest-environment-jsdom';

/** jsdom lacks the encoding and fetch globals the router and the API client use; lend Node's. */
export default class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { TextEncoder, TextDecoder, Response, Request, Headers, ReadableStream, structuredClone } = globalThis;
    Object.assign(this.global, { TextEncoder, TextDecoder, Response, Request, Headers, ReadableStream, structuredClone });
  }
}

/** The wire protocol lives in @tabula/protocol, shared with the web client. */
export * from '@tabula/protocol';

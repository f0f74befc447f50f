/** One outgoing message. Phone numbers are 10 digits; transports add +91 where a provider needs it. */
export interface SmsMessage {
  to: string;
  text: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsTransport {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface EmailTransport {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

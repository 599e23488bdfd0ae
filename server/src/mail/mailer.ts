export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends Mail {
  created_at: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

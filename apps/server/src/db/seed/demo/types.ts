import type { FileStorage } from '../../../storage/storage.js';

export interface DemoDeps {
  storage: FileStorage;
  hashPassword(password: string): Promise<string>;
  now?: Date;
}

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

export interface DemoSummary {
  accounts: DemoAccount[];
  counts: Record<string, number>;
}

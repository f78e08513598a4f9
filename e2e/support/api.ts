import { expect, type APIRequestContext } from '@playwright/test';
import { solvedCaptcha } from './captcha';
import type { DemoUser } from './users';

interface Company {
  code: string;
  name: string;
  customersCount: number;
  active: boolean;
}

interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Talks to the API directly, to arrange state and read what the server stored. */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async login(user: DemoUser): Promise<string> {
    const response = await this.request.post('/v1/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(response.status(), `login ${user.email}`).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  private async get<T>(token: string, path: string): Promise<T> {
    const response = await this.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  /**
   * Waits until the server refuses `token` as expired (401): a condition, where a fixed wait would guess at the token's
   * lifetime and at how busy the machine is. `timeout` only catches a token that never expires.
   */
  async waitUntilTokenExpired(token: string, timeout = 60_000): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await this.request.get('/v1/customer/companies', { headers: { Authorization: `Bearer ${token}` } })
          ).status(),
        { timeout, intervals: [1_000] },
      )
      .toBe(401);
  }

  async company(user: DemoUser, code: string): Promise<Company> {
    return this.get<Company>(await this.login(user), `/v1/company/${code}`);
  }

  /** totalRecords of the staff company list. */
  async companyCount(withInactive: boolean): Promise<number> {
    const token = await this.login({ email: 'personal@skafferi.test', password: 'Personal123!' });
    const page = await this.get<{ totalRecords: number }>(
      token,
      `/v1/companies?page=1&pageSize=5&withInactive=${withInactive}`,
    );
    return page.totalRecords;
  }

  async setDefaultCompany(user: DemoUser, code: string): Promise<void> {
    const token = await this.login(user);
    const response = await this.request.patch('/v1/customer/company', {
      data: { companyCode: code },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), `PATCH company ${code}`).toBe(200);
  }

  async mailbox(to: string): Promise<MailboxEntry[]> {
    const response = await this.request.get(`/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: MailboxEntry[] }).data;
  }

  /** The newest reset link sent to the address, waiting for it to arrive. */
  async latestResetLink(to: string, after = new Date(0)): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await this.mailbox(to)).find(
          (m) => new Date(m.createdAt) >= after && /reset-password\?token=/.test(m.text),
        );
        link = mail?.text.match(/https?:\/\/\S+\/login\/reset-password\?token=[^\s"'<>]+/)?.[0];
        return link;
      })
      .toBeTruthy();
    return link!;
  }

  /** Puts a password back through the same reset flow a user would use. */
  async resetPassword(user: DemoUser): Promise<void> {
    const since = new Date(Date.now() - 1000);
    await this.request.post('/v1/auth/forgot-password', {
      data: { email: user.email, captcha: await solvedCaptcha(this.request) },
    });
    const token = new URL(await this.latestResetLink(user.email, since)).searchParams.get('token');
    const response = await this.request.post('/v1/auth/reset-password', {
      data: { token, password: user.password, confirmPassword: user.password },
    });
    expect(response.status()).toBe(200);
  }
}

import type { Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import { CompanySwitcher } from './CompanySwitcher';
import { ErrorScreen } from './ErrorScreen';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { Header } from './Header';
import { HomeScreen } from './HomeScreen';
import { LoginScreen } from './LoginScreen';
import { ProfileScreen } from './ProfileScreen';
import { ResetPasswordScreen } from './ResetPasswordScreen';
import { Toasts } from './Toasts';

/** All page models of the app shell, sharing one page and one axe checker. */
export class App {
  readonly header: Header;
  readonly home: HomeScreen;
  readonly login: LoginScreen;
  readonly forgotPassword: ForgotPasswordScreen;
  readonly resetPassword: ResetPasswordScreen;
  readonly profile: ProfileScreen;
  readonly switcher: CompanySwitcher;
  readonly error: ErrorScreen;
  readonly toasts: Toasts;

  constructor(
    readonly page: Page,
    readonly axe: AxeChecker,
  ) {
    this.header = new Header(page);
    this.home = new HomeScreen(page, axe);
    this.login = new LoginScreen(page, axe);
    this.forgotPassword = new ForgotPasswordScreen(page, axe);
    this.resetPassword = new ResetPasswordScreen(page, axe);
    this.profile = new ProfileScreen(page, axe);
    this.switcher = new CompanySwitcher(page, axe);
    this.error = new ErrorScreen(page, axe);
    this.toasts = new Toasts(page);
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.page.context().cookies();
    return cookies.find((c) => c.name === name)?.value;
  }
}

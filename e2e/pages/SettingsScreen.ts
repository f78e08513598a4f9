import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

/** /profil/installningar */
export class SettingsScreen {
  readonly heading;
  readonly firstName;
  readonly email;
  /** Asked for in "Dina uppgifter" once the e-mail address differs from the saved one. */
  readonly profilePassword;
  readonly phone;
  readonly saveProfile;
  readonly currentPassword;
  readonly newPassword;
  readonly confirmPassword;
  readonly changePassword;
  readonly rules;
  readonly defaultCompany;
  readonly scannerSound;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Inställningar' });
    const profile = main.getByRole('region', { name: 'Dina uppgifter' });
    const password = main.getByRole('region', { name: 'Byt lösenord' });
    this.firstName = main.getByRole('textbox', { name: 'Förnamn' });
    this.email = main.getByRole('textbox', { name: 'E-postadress' });
    this.profilePassword = profile.getByLabel('Nuvarande lösenord', { exact: true });
    this.phone = main.getByRole('textbox', { name: 'Telefon' });
    this.saveProfile = main.getByRole('button', { name: 'Spara uppgifter' });
    this.currentPassword = password.getByLabel('Nuvarande lösenord', { exact: true });
    this.newPassword = main.getByLabel('Nytt lösenord', { exact: true });
    this.confirmPassword = main.getByLabel('Upprepa det nya lösenordet', { exact: true });
    this.changePassword = main.getByRole('button', { name: 'Byt lösenord' });
    this.rules = main.locator('li[data-met]');
    this.defaultCompany = main.getByRole('combobox', { name: 'Förvalt företag' });
    this.scannerSound = main.getByRole('switch', { name: 'Ljud vid skanning' });
  }

  async goto() {
    await this.page.goto('/profil/installningar');
    await this.expectVisible();
  }

  async expectVisible(state = '') {
    await expect(this.page).toHaveURL(/\/profil\/installningar$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Inställningar | Skafferi');
    await this.axe.check(state);
  }

  /** The visible label of a colour-mode choice (the radio input itself is visually hidden). */
  colourMode(name: 'Som enheten' | 'Ljust' | 'Mörkt') {
    return this.page.getByRole('main').locator('label').filter({ hasText: name });
  }

  rule(text: string) {
    return this.rules.filter({ hasText: text });
  }
}

import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

/** /profil/hantera-anvandare and its create and edit screens. */
export class UsersScreen {
  readonly heading;
  readonly createLink;
  readonly search;
  readonly rows;
  readonly count;
  readonly form;
  readonly firstName;
  readonly lastName;
  readonly email;
  readonly phone;
  readonly formAlert;
  readonly createSubmit;
  readonly saveSubmit;
  readonly companies;
  readonly confirmDialog;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Hantera användare' });
    this.createLink = main.getByRole('link', { name: 'Skapa användare' });
    this.search = main.getByRole('searchbox', { name: 'Sök användare' });
    this.rows = main.getByTestId('user-row');
    this.count = main.getByRole('status');
    this.form = main.locator('form');
    this.firstName = main.getByRole('textbox', { name: 'Förnamn' });
    this.lastName = main.getByRole('textbox', { name: 'Efternamn' });
    this.email = main.getByRole('textbox', { name: 'E-postadress' });
    this.phone = main.getByRole('textbox', { name: 'Telefon' });
    this.formAlert = main.getByRole('alert');
    this.createSubmit = main.getByRole('button', { name: 'Skapa användare' });
    this.saveSubmit = main.getByRole('button', { name: 'Spara ändringar' });
    this.companies = main.getByRole('region', { name: 'Företag' });
    this.confirmDialog = page.getByRole('dialog', { name: 'Ta bort från företaget?' });
  }

  async goto() {
    await this.page.goto('/profil/hantera-anvandare');
    await this.expectList();
  }

  async expectList() {
    await expect(this.page).toHaveURL(/\/profil\/hantera-anvandare$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Hantera användare | Skafferi');
    await expect(this.rows.first()).toBeVisible();
    await this.axe.check();
  }

  async expectCreate() {
    await expect(this.page).toHaveURL(/\/skapa-anvandare$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Skapa användare' })).toBeVisible();
    await this.axe.check();
  }

  async expectEdit(name: string) {
    await expect(this.page).toHaveURL(/\/redigera-anvandare\/[\w-]+$/);
    await expect(this.page.getByRole('heading', { level: 1, name: `Redigera ${name}` })).toBeVisible();
    await this.axe.check();
  }

  row(text: string) {
    return this.rows.filter({ hasText: text });
  }

  role(name: 'Kund' | 'Kundadministratör') {
    return this.page.getByRole('main').getByRole('checkbox', { name, exact: true });
  }

  /** The visible label of a checkbox (the input itself is visually hidden). */
  roleLabel(name: 'Kund' | 'Kundadministratör') {
    return this.page
      .getByRole('main')
      .locator('label')
      .filter({ hasText: new RegExp(`^${name}$`) });
  }

  company(name: string) {
    return this.page.getByRole('main').getByRole('checkbox', { name: new RegExp(name) });
  }
}

export { CompanySwitcher } from './CompanySwitcher';
export { companySwitcher } from './switcher-store';

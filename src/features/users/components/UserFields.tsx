import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MANAGEABLE_ROLES } from '../../../../contract/customer';
import type { FieldProps } from '../../../lib/forms/use-form';
import { TextField } from '../../../ui/TextField';
import { CheckboxGroupField } from './CheckboxGroupField';

interface UserFieldsProps {
  field: (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'roles') => FieldProps;
  firstFieldRef: RefObject<HTMLInputElement | null>;
  /** E-mail and roles belong to someone else to change (the user is also in another administrator's company). */
  lockIdentity?: boolean;
}

/** Name, e-mail, phone and roles of a user, for creating and editing. */
export function UserFields({ field, firstFieldRef, lockIdentity = false }: UserFieldsProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field('firstName')}
          label={t('form.firstName')}
          autoComplete="off"
          inputRef={firstFieldRef}
          isRequired
        />
        <TextField {...field('lastName')} label={t('form.lastName')} autoComplete="off" isRequired />
      </div>
      <TextField
        {...field('email')}
        label={t('form.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        isRequired
        isReadOnly={lockIdentity}
      />
      <TextField
        {...field('phone')}
        label={t('form.phone')}
        description={t('form.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
      />
      <CheckboxGroupField
        {...field('roles')}
        label={t('form.roles')}
        description={t('form.rolesHint')}
        isDisabled={lockIdentity}
        options={MANAGEABLE_ROLES.map((role) => ({ value: role, label: tc(`roles.${role}`) }))}
      />
    </>
  );
}

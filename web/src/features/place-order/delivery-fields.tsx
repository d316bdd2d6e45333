import type { InputHTMLAttributes } from 'react';
import type { DeliveryAddressField } from '#domain/address';
import type { FieldErrors } from '#machines/field-errors';
import type { DeliveryForm } from '#machines/checkout/delivery-form';
import { FormField } from '../../shared/form-field';
import styles from './place-order.module.css';

type InputKind = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'>;

// Labels, keyboards and autofill per field; order and checks are domain/address.ts's.
const FIELD_INPUTS: Record<DeliveryAddressField, { label: string; wide?: boolean } & InputKind> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email address', type: 'email', inputMode: 'email', autoComplete: 'email', wide: true },
  street: { label: 'Street', type: 'text', autoComplete: 'street-address', wide: true },
  city: { label: 'City', type: 'text', autoComplete: 'address-level2' },
  state: { label: 'State', type: 'text', autoComplete: 'address-level1' },
  // Text with a numeric keyboard rather than type=number: no spinner, no scroll-wheel change, zeros kept.
  zipcode: { label: 'Zip code', type: 'text', inputMode: 'numeric', autoComplete: 'postal-code' },
  country: { label: 'Country', type: 'text', autoComplete: 'country-name' },
  phone: { label: 'Phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel', wide: true },
};

interface DeliveryFieldsProps {
  values: DeliveryForm;
  errors: FieldErrors<DeliveryAddressField>;
  readOnly: boolean;
  onChange: (field: DeliveryAddressField, value: string) => void;
}

export function DeliveryFields({ values, errors, readOnly, onChange }: DeliveryFieldsProps) {
  return (
    <div className={styles.fields}>
      {(Object.keys(FIELD_INPUTS) as DeliveryAddressField[]).map((field) => {
        const { label, wide, ...input } = FIELD_INPUTS[field];
        return (
          <FormField
            key={field}
            className={wide ? styles.wide : undefined}
            name={field}
            label={label}
            {...input}
            required
            readOnly={readOnly}
            value={values[field]}
            error={errors[field]}
            onValueChange={(value) => onChange(field, value)}
          />
        );
      })}
    </div>
  );
}

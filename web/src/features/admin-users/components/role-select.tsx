import { Select } from '@/components/ui/select';

const ROLE_OPTIONS = [
  { value: 'user', label: 'Benutzer' },
  { value: 'admin', label: 'Administrator' },
];

/** Benutzer / Administrator; `id` comes from the surrounding FormField. */
export function RoleSelect({ id, value, onChange }: { id?: string; value: string; onChange: (value: 'user' | 'admin') => void }) {
  return (
    <Select
      id={id}
      value={value}
      onValueChange={(v) => onChange(v === 'admin' ? 'admin' : 'user')}
      options={ROLE_OPTIONS}
      data-testid="role-select"
    />
  );
}

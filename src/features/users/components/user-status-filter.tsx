import { useEffect, useState } from 'react';
import { USER_STATUSES, type UserStatus } from '../user-schema';

export interface UserStatusFilterProps {
  statuses: readonly UserStatus[];
  onChange: (statuses: UserStatus[]) => void;
}

/** Which statuses the list shows (active, inactive); at least one stays ticked. */
export function UserStatusFilter({ statuses, onChange }: UserStatusFilterProps) {
  // The tick shows at once; the address (and so `statuses`) follows when the navigation lands, which on a busy
  // device is a few frames later and would otherwise leave the click looking ignored.
  const [ticked, setTicked] = useState<readonly UserStatus[]>(statuses);
  const key = statuses.join(',');
  useEffect(() => setTicked(statuses), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the value, not the array's identity
  const toggle = (status: UserStatus, on: boolean) => {
    const next = USER_STATUSES.filter((item) => (item === status ? on : ticked.includes(item)));
    if (next.length === 0) return;
    setTicked(next);
    onChange(next);
  };
  return (
    <fieldset className="users-filter">
      <legend className="visually-hidden">Statuses</legend>
      {USER_STATUSES.map((status) => (
        <label key={status}>
          <input
            type="checkbox"
            checked={ticked.includes(status)}
            onChange={(event) => toggle(status, event.target.checked)}
          />
          {status}
        </label>
      ))}
    </fieldset>
  );
}

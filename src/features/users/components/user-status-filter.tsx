import { USER_STATUSES, type UserStatus } from '../user-schema';

export interface UserStatusFilterProps {
  statuses: readonly UserStatus[];
  onChange: (statuses: UserStatus[]) => void;
}

/** Which statuses the list shows (active, inactive); at least one stays ticked. */
export function UserStatusFilter({ statuses, onChange }: UserStatusFilterProps) {
  const toggle = (status: UserStatus, on: boolean) => {
    const next = USER_STATUSES.filter((item) => (item === status ? on : statuses.includes(item)));
    if (next.length > 0) onChange(next);
  };
  return (
    <fieldset className="users-filter">
      <legend className="visually-hidden">Statuses</legend>
      {USER_STATUSES.map((status) => (
        <label key={status}>
          <input type="checkbox" checked={statuses.includes(status)} onChange={(event) => toggle(status, event.target.checked)} />
          {status}
        </label>
      ))}
    </fieldset>
  );
}

import { PASSWORD_MIN_LENGTH } from "@contracts/staff-access";
import { TextField } from "../ui";

/**
 * A new password typed twice, with the account's address for password managers: the set-password
 * page and the account's change-password form ask for it alike.
 */
export function NewPasswordFields(props: {
  email: string;
  labels: { password: string; hint: string; repeat: string };
  errors: { password?: string; repeat?: string };
}) {
  return (
    <>
      <input type="email" name="username" value={props.email} autoComplete="username" readOnly hidden />
      <TextField
        label={props.labels.password}
        hint={props.labels.hint}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        error={props.errors.password}
      />
      <TextField label={props.labels.repeat} name="repeat" type="password" autoComplete="new-password" required error={props.errors.repeat} />
    </>
  );
}

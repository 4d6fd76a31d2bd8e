import { SettingError } from "../config.ts";

/** `EADDRINUSE` / `EACCES` from a listen as the one line naming the variable to change, else null. */
export function portError(error: unknown, port: number, variable: string): SettingError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EADDRINUSE")
    return new SettingError(variable, `port ${port} is in use — set ${variable} to a free port`);
  if (code === "EACCES")
    return new SettingError(
      variable,
      `port ${port} needs privileges this user lacks — set ${variable} to a port above 1023`,
    );
  return null;
}

/**
 * Checks an editor's CMS content file before it is pasted in:  npm run cms:check -- page.html
 * Prints each problem as file:line:column and exits 1 when there is any (2: bad usage).
 */
import { checkFiles } from "./check";

// npm runs workspace scripts in the workspace folder; files are named relative to where it was started
const result = checkFiles(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
(result.code === 2 ? process.stderr : process.stdout).write(result.output);
process.exitCode = result.code;

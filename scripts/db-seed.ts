import { seed } from "./db-tasks";

await seed(process.argv.includes("--overwrite"));

import { reset } from "./db-tasks";

await reset();

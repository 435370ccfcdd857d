import type { TestProject } from "vitest/node";
import { startStack } from "./harness";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    demoPassword: string;
  }
}

/** One api + storefront for the whole e2e run; stopped when the run ends (pass or fail). */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide("baseUrl", stack.baseUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("demoPassword", stack.demoPassword);
  return async () => {
    await stack.stop();
  };
}

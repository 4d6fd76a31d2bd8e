import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  createPackedProjects,
  type PackedProjects,
  type ProjectKind,
  writeProjectFiles,
} from "./packed-project.ts";
import { docSamples } from "./samples.ts";

declare module "vitest" {
  export interface ProvidedContext {
    packed: PackedProjects;
  }
}

/** One pair of merchant projects for every test file: packing and `npm install` are the slow part. */
export default async function setup(project: TestProject) {
  const packed = await createPackedProjects();
  // The docs' samples, in the project each belongs in: type-checked, and some run.
  const samples = await docSamples();
  for (const [kind, dir] of Object.entries(packed.dirs))
    await writeProjectFiles(dir, samples[kind as ProjectKind]);
  project.provide("packed", packed);
  return async () => {
    for (const dir of Object.values(packed.dirs)) await rm(dir, { recursive: true, force: true });
    await rm(path.dirname(path.dirname(packed.tarballs["@spay/sdk"])), { recursive: true, force: true });
  };
}

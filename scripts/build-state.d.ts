/** Why the project at `root` must be built before it starts, or null when its build is current. */
export function staleBuild(root?: string): string | null;

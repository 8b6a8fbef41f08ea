import type { Linter } from "eslint";

export declare const boundariesConfig: Linter.Config[];

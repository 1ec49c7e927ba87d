// The size budget that budget.test.ts holds every page to (the targets are explained there).
export const KB = 1024
export const JS_BUDGET = 75 * KB
export const HTML_BUDGET = 14 * KB

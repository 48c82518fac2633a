/** True when the browser tests run with HERALD_SCREENSHOT_DIR set: screenshots to look at are then taken. */
declare const __HERALD_SHOTS__: boolean;

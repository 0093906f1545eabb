// Side-effect imports of stylesheets are bundled by esbuild (see build.mjs).
declare module '*.css';

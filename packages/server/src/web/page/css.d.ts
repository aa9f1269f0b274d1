// Stylesheets the bundler (tools/build.mjs, esbuild) takes into app.css.
declare module '*.css';

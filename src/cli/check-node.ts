// The project brings its own Node (the `node` devDependency). Fail early if a script runs on another.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`Node ${process.versions.node} is running, but this project needs >= 22.12: run npm ci so node_modules/.bin/node is installed.\n`);
  process.exit(1);
}
process.stdout.write(`node ${process.versions.node} (${process.execPath})\n`);

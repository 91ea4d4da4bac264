// Stands in for react-devtools-core, which Ink loads only when DEV=true.
export default { initialize() {}, connectToDevTools() {} };

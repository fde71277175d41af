// Jest cannot require() an ES module from CommonJS (Node itself can since 20.19); load it natively.
module.exports = require('node:module').createRequire(__filename)('content-disposition');

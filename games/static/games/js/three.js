// The vendored three.js (version in static/vendor/three/VERSION; refresh with
// scripts/vendor_threejs.sh). Its folder is named by revision so it may be cached forever.
export * from "../../vendor/three/r187/three.module.js";

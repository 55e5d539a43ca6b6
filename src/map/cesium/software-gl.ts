/** Renderer names of WebGL drawn by the CPU (Chromium's SwiftShader, Mesa's llvmpipe and softpipe). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether this browser draws WebGL in software, asked of a throwaway context that is released at
 * once. There every frame is paid by the CPU that the rest of the page shares.
 */
export function webglDrawnInSoftware(): boolean {
  const gl =
    document.createElement('canvas').getContext('webgl2') ??
    document.createElement('canvas').getContext('webgl');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return typeof renderer === 'string' && SOFTWARE_RENDERER.test(renderer);
}

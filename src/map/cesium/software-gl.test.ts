import { afterEach, describe, expect, it, vi } from 'vitest';
import { webglDrawnInSoftware } from './software-gl';

const UNMASKED_RENDERER = 0x9246;

/** A WebGL context that names its renderer, and records whether it was let go. */
function fakeContext(renderer: string) {
  const loseContext = vi.fn();
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info'
        ? { UNMASKED_RENDERER_WEBGL: UNMASKED_RENDERER }
        : name === 'WEBGL_lose_context'
          ? { loseContext }
          : null,
    getParameter: (parameter: number) => (parameter === UNMASKED_RENDERER ? renderer : 'WebKit WebGL'),
  };
  return { gl, loseContext };
}

function browserDraws(context: unknown) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as RenderingContext);
}

afterEach(() => vi.restoreAllMocks());

describe('whether the browser draws WebGL in software', () => {
  it.each([
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
  ])('says yes for %s and lets the throwaway context go', (renderer) => {
    const { gl, loseContext } = fakeContext(renderer);
    browserDraws(gl);
    expect(webglDrawnInSoftware()).toBe(true);
    expect(loseContext).toHaveBeenCalledOnce();
  });

  it('says no for a graphics card', () => {
    browserDraws(fakeContext('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)').gl);
    expect(webglDrawnInSoftware()).toBe(false);
  });

  it('says no where there is no WebGL at all', () => {
    browserDraws(null);
    expect(webglDrawnInSoftware()).toBe(false);
  });
});

"""``mindspore.dataset.audio``: audio transforms and the audio enums / filter-bank utilities."""
from . import transforms, utils
from .transforms import (AllpassBiquad, AmplitudeToDB, Angle, BandBiquad, BandpassBiquad, BandrejectBiquad, BassBiquad,
                         Biquad, ComplexNorm, ComputeDeltas, Contrast, DBToAmplitude, DCShift, DeemphBiquad,
                         DetectPitchFrequency, Dither, EqualizerBiquad, Fade, Filtfilt, Flanger, FrequencyMasking, Gain,
                         GriffinLim, HighpassBiquad, InverseMelScale, InverseSpectrogram, LFCC, LFilter, LowpassBiquad,
                         Magphase, MaskAlongAxis, MaskAlongAxisIID, MelScale, MelSpectrogram, MFCC, MuLawDecoding,
                         MuLawEncoding, Overdrive, Phaser, PhaseVocoder, PitchShift, Resample, RiaaBiquad,
                         SlidingWindowCmn, SpectralCentroid, Spectrogram, TimeMasking, TimeStretch, TrebleBiquad, Vad,
                         Vol)
from .utils import (BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode,
                    NormType, ResampleMethod, ScaleType, WindowType, create_dct, linear_fbanks, melscale_fbanks)

__all__ = transforms.__all__ + utils.__all__

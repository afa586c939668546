#include "bench.h"

namespace chuhan::bench {

const std::vector<std::string>& positions() {
  static const std::vector<std::string> fens = {
      // Openings (openings.txt)
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      "rnbakab1r/9/1c4n2/p1p1p1p1p/9/9/P1P1P1PcP/1C2C1N2/9/RNBAKAB1R w - - 4 3",
      "r1bak2nr/4a4/1cn1b2c1/p1p1p3p/6p2/9/P1P1P1P1P/1C2B1NC1/4A4/RNBAKR3 w - - 8 5",
      "rnbakab1r/9/1c5c1/p1p1pC2p/5np2/2P6/P3P1P1P/1C4N2/9/RNBAKAB1R b - - 7 4",
      "r1bakabnr/9/2n1c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/4A4/RNB1KAB1R b - - 5 3",
      "rnbak2nr/4a4/1c2b4/p1p1p1p2/8p/5NPc1/P1P1P3P/1C3C3/9/RNBAKAB1R w - - 8 5",
      "r3kabnr/4a4/1cn1b2c1/p1p1p1p1p/9/6P2/P1P1P3P/1CN3NC1/9/R1BAKAB1R w - - 6 4",
      "r2akabnr/9/1cn1b2c1/p1p1p3p/6p2/9/P1P1P1P1P/1C2C1N2/4A4/RNBAK1BR1 b - - 7 4",
      "1rbakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/2N1C2C1/9/R1BAKABNR w - - 4 3",
      "r1bakabnr/9/2n1c2c1/p3p1p1p/2p6/9/P1P1P1P1P/2N1C2C1/9/1RBAKABNR w - - 6 4",
      // Middlegames and tactics (tactics.txt)
      "r1bakab1r/9/1C4nc1/p3p3p/1np3p2/P7P/2P1P1P2/2N1B1NC1/R3A4/2BAK3R b - - 0 8",
      "2bak4/4a4/4b4/9/6N1P/P8/9/r4R3/3K5/9 b - - 8 82",
      "4kac2/4a3r/4b1n1b/p1PC4p/4p2R1/P2C4P/4P1P2/2c5N/4A4/2BAK1B2 b - - 0 22",
      "1r1akab2/3Rn4/b6R1/2P1p4/p4r2P/2B3p2/P3P4/1cC1B1N2/4A4/3K1A3 b - - 4 31",
      "r2a1k3/4ar3/4b3N/P3R4/3P5/9/3N1c3/4B4/4A4/2BAK4 w - - 1 52",
      "2bakacn1/4n3C/3R5/p3p1p1p/2p6/9/P1P1P1P1P/2r1B4/9/1C1AKABNc b - - 1 16",
      "r1bakr3/4a4/4b1c2/4p3p/p4nPc1/1RpC1R3/P1P1P3P/2N1B4/4A4/2BAK4 b - - 0 16",
      "2bakn3/4a4/4b4/ncN1p4/8p/rCP5P/4P2R1/2C6/9/2BAK2N1 b - - 3 23",
      "4kab1r/4a4/2c1b1n2/1rn6/4p1c1p/P2p4P/2P6/N2CB1N2/4A4/1RBAKR3 b - - 2 20",
      "4kabC1/4a4/4b4/4crN2/R7p/2P1R4/5r3/4B4/4A4/4KAB1c w - - 3 40",
      "2b1ka3/4a4/2n1b1n2/r1RN2p2/4p3p/6P2/4P3P/4B4/4A2r1/4KABNR w - - 3 22",
      "2Rakab2/9/3C2R2/p3p3p/2p1c4/P1P6/2nrN3P/4C1N2/9/2BAKAr2 b - - 1 25",
      "c2rka3/1R2a4/6ncb/4p4/p5brp/3N1n3/P3P3P/3CB4/4A3C/2BAKR3 w - - 0 24",
      "3aka3/2C1n4/4b1n1b/4p4/2p2r2p/P8/2P1P4/R6C1/4A4/1NB1KArR1 b - - 0 25",
      "2r1kab2/5R3/2n2c2b/p2Rp1p1p/2p6/7C1/P1c1P3P/2N1B4/4Nr3/2BAKA3 w - - 18 24",
      "2b1ka3/4a1r2/1R2b4/p1P1n1pR1/8p/4p1P2/P1n1P3P/2N5B/4A4/2BAK4 w - - 1 25",
      "1C2ka1r1/4a4/4b1n1b/p3p3p/2p6/8P/P3P4/4n3C/4N4/3K1A2R b - - 1 22",
      // Mates (mates.txt)
      "2bak1b2/4aR2C/6N1n/9/9/9/5c3/4BC3/3p1r1n1/4K2c1 w - - 0 1",
      "c2a1k3/3Ra4/4c1P2/7R1/9/9/9/1C2B4/1r7/2BK5 w - - 0 1",
      "4kab1r/4a4/4b4/CR2R4/8r/2C6/9/9/c3p4/5K3 w - - 0 1",
      "2b1kab2/9/2na5/p1p6/3n5/2B6/P1PrN4/4K4/4A2r1/3A2B2 b - - 0 35",
      "2ba1k3/4a4/4b4/9/9/p8/9/1n2pA3/9/3K5 b - - 5 58",
      "6b2/9/4k3b/p2R2p1p/2pN5/8P/P3P1c1r/4B4/9/2BAKA3 w - - 1 40",
      // Endgames and rule positions (perft.txt)
      "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
      "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
      "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
      "3k5/9/4n4/4p4/3CNr3/4R4/9/9/9/4K4 w - - 0 1",
      "2bak1b1r/r3a4/1cn3n2/p3p3p/6p2/P1B5P/4P1P2/2N3NC1/3RA4/2BAK2R1 w - - 3 13",
      "4kar2/4a4/n1P1b4/1r2p4/p4Rb1p/6B2/P2CP3P/B3C4/4A4/3RKA3 w - - 9 26",
      "2b1ka3/9/3ab4/p7C/4n4/6B1P/3pc4/4B4/1r2A4/3K1A3 w - - 0 45",
  };
  return fens;
}

}  // namespace chuhan::bench
